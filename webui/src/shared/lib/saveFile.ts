/**
 * How long an object URL made for a download stays valid. Some browsers (Firefox among them) read
 * the URL after the link's click has returned, and a URL revoked at once can cancel the download.
 */
export const SAVE_FILE_REVOKE_MS = 60_000;

/**
 * Hands a Blob to the browser as a download named `filename`: an object URL clicked through a
 * hidden `<a download>`, the URL revoked once the browser has had time to read it.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), SAVE_FILE_REVOKE_MS);
  }
}
