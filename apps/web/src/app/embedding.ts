/**
 * Whether Obra runs embedded in another tool (a document platform, a code-compliance tool, a BIM plugin):
 * inside a frame, or opened with `?embedded=1` by a plugin web view. Embedded, the theme is forced to light
 * and the support icon is hidden (spec core §1).
 */
export function detectEmbedded(win: Window = window): boolean {
  let framed = false;
  try {
    framed = win.self !== win.top;
  } catch {
    // A cross-origin parent throws on access: that is a frame too.
    framed = true;
  }
  const flag = new URLSearchParams(win.location.search).get('embedded');
  if (flag === '1' || flag === 'true') {
    win.sessionStorage.setItem('obra.embedded', '1');
    return true;
  }
  return framed || win.sessionStorage.getItem('obra.embedded') === '1';
}
