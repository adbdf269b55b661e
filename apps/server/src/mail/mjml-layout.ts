import mjml2html from 'mjml';

interface MJMLParseResults {
  html: string;
  errors: { formattedMessage: string }[];
}

/** Escapes text for HTML and MJML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Renders an e-mail body written in MJML sections to responsive HTML (MJML handles the table layout and the
 * quirks of mail clients). `sections` are mj-section elements; the header and footer are added here.
 */
export function renderMjmlEmail(options: {
  lang: string;
  title: string;
  preview: string;
  sections: string;
  footer: string;
}): string {
  const source = `<mjml lang="${escapeHtml(options.lang)}">
  <mj-head>
    <mj-title>${escapeHtml(options.title)}</mj-title>
    <mj-preview>${escapeHtml(options.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="14px" line-height="1.45" color="#1f2933" padding="4px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="640px">
    <mj-section background-color="#1c7ed6" padding="12px 0">
      <mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700">Obra</mj-text></mj-column>
    </mj-section>
    <mj-wrapper background-color="#ffffff" padding="12px 0">
      <mj-section padding="8px 0"><mj-column><mj-text font-size="18px" font-weight="700">${escapeHtml(
        options.title,
      )}</mj-text></mj-column></mj-section>
      ${options.sections}
    </mj-wrapper>
    <mj-section padding="12px 0"><mj-column>${options.footer}</mj-column></mj-section>
  </mj-body>
</mjml>`;
  // mjml 4 renders synchronously (its typings describe mjml 5, which returns a promise).
  const result = mjml2html(source, {
    validationLevel: 'strict',
    keepComments: false,
  }) as unknown as MJMLParseResults;
  if (typeof result.html !== 'string') throw new Error('e-mail template: mjml 4 expected');
  if (result.errors.length > 0) throw new Error(`e-mail template: ${result.errors[0]?.formattedMessage}`);
  return result.html;
}
