/** Saves text as a file the browser downloads (the import template, a CSV export). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM lets spreadsheet programs read UTF-8 CSV (Chinese and Japanese names) correctly.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
