import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserCodec,
  centreCrop,
  checkImageFile,
  IMAGE_MESSAGES,
  type ImageCodec,
  ImageProcessingError,
  JPEG_QUALITY,
  JPEG_QUALITY_STEPS,
  MAX_IMAGE_BYTES,
  processImage,
  TARGET_HEIGHT,
  TARGET_WIDTH,
} from './image';

function fileOf(size: number, type: string, name = 'photo'): File {
  return new File([new Uint8Array(size)], name, { type });
}

function fakeCodec(output: Blob | null, size = { width: 4000, height: 3000 }) {
  const close = vi.fn();
  const codec: ImageCodec = {
    decode: vi.fn(async () => ({ source: {} as CanvasImageSource, ...size, close })),
    encode: vi.fn(async () => output),
  };
  return { codec, close };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('image checks', () => {
  it("takes only image files: 'only image files are allowed.'", () => {
    expect(checkImageFile(fileOf(10, 'text/plain'))).toBe(IMAGE_MESSAGES.notImage);
    expect(checkImageFile(fileOf(10, ''))).toBe(IMAGE_MESSAGES.notImage);
    expect(checkImageFile(fileOf(10, 'application/pdf'))).toBe(IMAGE_MESSAGES.notImage);
    expect(checkImageFile(fileOf(10, 'image/png'))).toBeNull();
  });

  it('takes an image of any size before processing (the 2MB rule applies to the upload)', () => {
    expect(checkImageFile(fileOf(MAX_IMAGE_BYTES, 'image/jpeg'))).toBeNull();
    expect(checkImageFile(fileOf(3 * 1024 * 1024, 'image/jpeg'))).toBeNull();
  });

  it('crops the largest centred 16:9 part', () => {
    expect(centreCrop(4000, 3000)).toEqual({ sx: 0, sy: 375, sw: 4000, sh: 2250 }); // 4:3, trims top and bottom
    expect(centreCrop(3000, 1000)).toEqual({ sx: 611, sy: 0, sw: 1778, sh: 1000 }); // wide, trims the sides
    expect(centreCrop(1920, 1080)).toEqual({ sx: 0, sy: 0, sw: 1920, sh: 1080 });
    expect(centreCrop(1080, 1920)).toEqual({ sx: 0, sy: 656, sw: 1080, sh: 608 }); // portrait
  });
});

describe('processImage', () => {
  it('decodes, crops to 16:9 and encodes; the picture is closed afterwards', async () => {
    const output = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
    const { codec, close } = fakeCodec(output);
    await expect(processImage(fileOf(500, 'image/png'), codec)).resolves.toBe(output);
    expect(codec.encode).toHaveBeenCalledWith(
      expect.objectContaining({ width: 4000, height: 3000 }),
      { sx: 0, sy: 375, sw: 4000, sh: 2250 },
      JPEG_QUALITY,
    );
    expect(codec.encode).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalled();
  });

  it('rejects a non-image before decoding', async () => {
    const { codec } = fakeCodec(new Blob(['x']));
    await expect(processImage(fileOf(10, 'text/plain'), codec)).rejects.toThrow(IMAGE_MESSAGES.notImage);
    expect(codec.decode).not.toHaveBeenCalled();
  });

  it('processes a 3MB photo instead of refusing it', async () => {
    const output = new Blob([new Uint8Array(400_000)], { type: 'image/jpeg' });
    const { codec } = fakeCodec(output);
    await expect(processImage(fileOf(3 * 1024 * 1024, 'image/jpeg'), codec)).resolves.toBe(output);
  });

  it('lowers the JPEG quality step by step while the result is over 2MB', async () => {
    const over = new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: 'image/jpeg' });
    const fits = new Blob([new Uint8Array(MAX_IMAGE_BYTES)], { type: 'image/jpeg' });
    const { codec, close } = fakeCodec(null);
    vi.mocked(codec.encode).mockResolvedValueOnce(over).mockResolvedValueOnce(over).mockResolvedValueOnce(fits);
    await expect(processImage(fileOf(5_000_000, 'image/jpeg'), codec)).resolves.toBe(fits);
    expect(vi.mocked(codec.encode).mock.calls.map((call) => call[2])).toEqual([0.9, 0.8, 0.7]);
    expect(close).toHaveBeenCalled();
  });

  it("answers 'file size must be under 2MB.' when even the lowest quality is over 2MB", async () => {
    const over = new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: 'image/jpeg' });
    const { codec } = fakeCodec(over);
    await expect(processImage(fileOf(10, 'image/png'), codec)).rejects.toEqual(
      new ImageProcessingError(IMAGE_MESSAGES.tooBig),
    );
    expect(vi.mocked(codec.encode).mock.calls.map((call) => call[2])).toEqual([...JPEG_QUALITY_STEPS]);
  });

  it("answers 'failed to process image.' when decoding or encoding fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: ImageCodec = {
      decode: async () => {
        throw new Error('corrupt');
      },
      encode: async () => new Blob(['x']),
    };
    await expect(processImage(fileOf(10, 'image/png'), broken)).rejects.toEqual(
      new ImageProcessingError(IMAGE_MESSAGES.failed),
    );
    await expect(processImage(fileOf(10, 'image/png'), fakeCodec(null).codec)).rejects.toThrow(IMAGE_MESSAGES.failed);
  });

  it('draws 1920x1080 and encodes JPEG at quality 0.9 on a canvas', async () => {
    const drawImage = vi.fn();
    const toBlob = vi.fn((callback: BlobCallback) => callback(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const canvas = { width: 0, height: 0, getContext: () => ({ drawImage }), toBlob };
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) =>
      tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : realCreate(tag),
    );
    const source = {} as CanvasImageSource;
    const blob = await browserCodec.encode({ source, width: 4000, height: 3000 }, { sx: 0, sy: 375, sw: 4000, sh: 2250 });
    expect(blob?.type).toBe('image/jpeg');
    expect([canvas.width, canvas.height]).toEqual([TARGET_WIDTH, TARGET_HEIGHT]);
    expect(drawImage).toHaveBeenCalledWith(source, 0, 375, 4000, 2250, 0, 0, 1920, 1080);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', JPEG_QUALITY);
    await browserCodec.encode({ source, width: 4000, height: 3000 }, { sx: 0, sy: 375, sw: 4000, sh: 2250 }, 0.6);
    expect(toBlob).toHaveBeenLastCalledWith(expect.any(Function), 'image/jpeg', 0.6);
  });
});
