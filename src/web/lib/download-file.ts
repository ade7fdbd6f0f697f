/** Hands a file made in the browser to the user's downloads, as a link with `download` would. */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click, but only once the handler returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
