import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVE_FILE_REVOKE_MS, saveFile } from './saveFile';

describe('saveFile', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('clicks a hidden <a download> to an object URL of the blob, removes it and revokes the URL later', () => {
    vi.useFakeTimers();
    // jsdom has no object URLs: the two functions are stubbed for the test.
    const create = vi.fn((blob: Blob) => `blob:test/${blob.size}`);
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    const blob = new Blob(['PK'], { type: 'application/zip' });
    saveFile(blob, 'larder-backup.zip');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:test/2', download: 'larder-backup.zip', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SAVE_FILE_REVOKE_MS);
    expect(revoke).toHaveBeenCalledWith('blob:test/2');
  });
});
