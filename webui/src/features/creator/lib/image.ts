/**
 * The client image pipeline of the recipe creator (spec part 1 §5 'Image', §9): only image files
 * are taken, whatever their size (a phone photo is often 3-8 MB); they are centre-cropped to 16:9,
 * drawn at 1920x1080 on a canvas and encoded as JPEG at quality 0.9. The 2 MB rule applies to what
 * is uploaded: while the encoded picture is over 2 MB the quality is lowered step by step (0.8, 0.7,
 * … down to 0.5); still over → 'file size must be under 2MB.'. A decoding or encoding failure gives
 * 'failed to process image.'. The server keeps its own limits for direct API calls and re-encodes.
 */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024; // 2097152
export const TARGET_WIDTH = 1920;
export const TARGET_HEIGHT = 1080;
export const JPEG_QUALITY = 0.9;
/** The qualities tried in turn until the encoded picture fits in MAX_IMAGE_BYTES. */
export const JPEG_QUALITY_STEPS = [JPEG_QUALITY, 0.8, 0.7, 0.6, 0.5] as const;

export const IMAGE_MESSAGES = {
  notImage: 'only image files are allowed.',
  tooBig: 'file size must be under 2MB.',
  failed: 'failed to process image.',
} as const;

export class ImageProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageProcessingError';
  }
}

/** The problem of a picked file before any processing (not an image), or null. Size is checked after. */
export function checkImageFile(file: Blob): string | null {
  if (!file.type || !file.type.startsWith('image/')) return IMAGE_MESSAGES.notImage;
  return null;
}

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The largest centred 16:9 rectangle of a width x height picture. */
export function centreCrop(width: number, height: number): CropRect {
  const ratio = TARGET_WIDTH / TARGET_HEIGHT;
  if (width / height > ratio) {
    const sw = Math.round(height * ratio);
    return { sx: Math.floor((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / ratio);
  return { sx: 0, sy: Math.floor((height - sh) / 2), sw: width, sh };
}

export interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  close?: () => void;
}

/** How pictures are decoded and encoded (the browser's by default; tests pass fakes). */
export interface ImageCodec {
  decode: (file: Blob) => Promise<DecodedImage>;
  /** Draws `crop` of the picture at 1920x1080 and encodes it as JPEG at `quality` (0.9 by default). */
  encode: (image: DecodedImage, crop: CropRect, quality?: number) => Promise<Blob | null>;
}

function decodeWithElement(file: Blob): Promise<DecodedImage> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({
        source: img,
        width: img.naturalWidth,
        height: img.naturalHeight,
        close: () => URL.revokeObjectURL(url),
      });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The picture could not be decoded.'));
    };
    img.src = url;
  });
}

export const browserCodec: ImageCodec = {
  async decode(file) {
    if (typeof createImageBitmap === 'function') {
      try {
        const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
        return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
      } catch {
        // some browsers cannot decode every type this way: try an <img>
      }
    }
    return decodeWithElement(file);
  },
  encode(image, crop, quality = JPEG_QUALITY) {
    const canvas = document.createElement('canvas');
    canvas.width = TARGET_WIDTH;
    canvas.height = TARGET_HEIGHT;
    const context = canvas.getContext('2d');
    if (!context) return Promise.resolve(null);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, TARGET_WIDTH, TARGET_HEIGHT);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  },
};

/**
 * Checks, crops, scales and encodes a picked picture, lowering the JPEG quality until it fits in
 * 2 MB; throws ImageProcessingError with the message.
 */
export async function processImage(file: Blob, codec: ImageCodec = browserCodec): Promise<Blob> {
  const problem = checkImageFile(file);
  if (problem) throw new ImageProcessingError(problem);
  let decoded: DecodedImage | null = null;
  try {
    decoded = await codec.decode(file);
    if (!decoded.width || !decoded.height) throw new Error('empty picture');
    const crop = centreCrop(decoded.width, decoded.height);
    for (const quality of JPEG_QUALITY_STEPS) {
      const blob = await codec.encode(decoded, crop, quality);
      if (!blob || blob.size === 0) throw new Error('encoding failed');
      if (blob.size <= MAX_IMAGE_BYTES) return blob;
    }
  } catch (error) {
    console.error('Processing the image failed', error);
    throw new ImageProcessingError(IMAGE_MESSAGES.failed);
  } finally {
    decoded?.close?.();
  }
  throw new ImageProcessingError(IMAGE_MESSAGES.tooBig);
}
