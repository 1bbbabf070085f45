/**
 * The mail's stylesheet: the public pages' look (`theme.css`, `rich-text.css`) simplified for mail
 * clients: plain colours (no variables), web-safe fonts, no layout a client may drop. `mailHtml`
 * writes each rule onto its elements; only the media query stays in `<style>`.
 */
const COLORS = {
  text: '#1f2933',
  muted: '#52606d',
  border: '#d9e2ec',
  surface: '#ffffff',
  surfaceAlt: '#f5f7fa',
  primary: '#0f766e',
  code: '#f6f8fa',
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const MONO = "ui-monospace, Menlo, Consolas, 'Courier New', monospace";

export const MAIL_STYLES = `
body, .mail-body { margin: 0; padding: 0; background: ${COLORS.surfaceAlt}; color: ${COLORS.text}; font-family: ${FONT}; font-size: 16px; line-height: 1.6; }
.mail-preheader { display: none; max-height: 0; overflow: hidden; mso-hide: all; font-size: 1px; line-height: 1px; color: ${COLORS.surfaceAlt}; opacity: 0; }
.mail-outer { background: ${COLORS.surfaceAlt}; border-collapse: collapse; }
.mail-outer > tbody > tr > td, .mail-outer > tr > td { padding: 16px 0; }
.mail-container { width: 100%; max-width: 600px; background: ${COLORS.surface}; border: 1px solid ${COLORS.border}; border-collapse: collapse; }
.mail-header { padding: 16px 24px; border-bottom: 1px solid ${COLORS.border}; }
.mail-site { color: ${COLORS.text}; font-size: 20px; font-weight: 700; text-decoration: none; }
.mail-logo { vertical-align: middle; border: 0; }
.mail-hero img { display: block; width: 100%; max-width: 600px; height: auto; border: 0; }
.mail-main { padding: 24px; }
.mail-meta { margin: 0 0 8px; color: ${COLORS.muted}; font-size: 14px; }
.mail-title { margin: 0 0 16px; font-size: 28px; line-height: 1.3; }
.mail-title a { color: ${COLORS.text}; text-decoration: none; }
.mail-content { font-size: 17px; line-height: 1.75; overflow-wrap: break-word; word-wrap: break-word; }
.mail-content p, .mail-content ul, .mail-content ol, .mail-content blockquote, .mail-content pre, .mail-content dl { margin: 0 0 12px; }
.mail-content ul, .mail-content ol { padding-left: 24px; }
.mail-content h1, .mail-content h2, .mail-content h3, .mail-content h4, .mail-content h5, .mail-content h6 { margin: 20px 0 8px; line-height: 1.3; }
.mail-content h1 { font-size: 28px; }
.mail-content h2 { font-size: 24px; }
.mail-content h3 { font-size: 20px; }
.mail-content h4, .mail-content h5, .mail-content h6 { font-size: 17px; }
.mail-content a { color: ${COLORS.primary}; text-decoration: underline; }
.mail-content img { max-width: 100%; height: auto; border: 0; border-radius: 8px; }
.mail-content figure { margin: 0 0 16px; }
.mail-content figcaption { color: ${COLORS.muted}; font-size: 14px; margin-top: 4px; }
.mail-content blockquote { padding: 8px 16px; border-left: 4px solid ${COLORS.primary}; background: ${COLORS.surfaceAlt}; font-style: italic; }
.mail-content pre { padding: 12px 16px; border: 1px solid ${COLORS.border}; border-radius: 6px; background: ${COLORS.code}; font-family: ${MONO}; font-size: 14px; line-height: 1.5; white-space: pre-wrap; word-break: break-word; }
.mail-content code { font-family: ${MONO}; font-size: 0.9em; }
.mail-content table { width: 100%; border-collapse: collapse; margin: 0 0 16px; font-size: 15px; }
.mail-content th, .mail-content td { padding: 6px 8px; border: 1px solid ${COLORS.border}; text-align: left; vertical-align: top; word-break: break-word; }
.mail-content th { background: ${COLORS.surfaceAlt}; }
.mail-content .align-center { text-align: center; }
.mail-content .align-right { text-align: right; }
.mail-content .poem { margin: 0 0 16px; }
.mail-content .poem-centered { text-align: center; }
.mail-content .poem p { margin: 0; }
.mail-content .poem-line { white-space: pre-wrap; }
.mail-content .poem-title { font-size: 19px; font-weight: 700; margin-bottom: 8px; }
.mail-content .poem-author { font-style: italic; margin-top: 8px; }
.mail-content .callout { margin: 0 0 16px; padding: 12px 16px; border-left: 4px solid ${COLORS.primary}; background: ${COLORS.surfaceAlt}; }
.mail-content .callout-label { font-weight: 700; }
.mail-content .mail-gallery { border-collapse: collapse; margin: 0; }
.mail-content .mail-gallery-cell { padding: 2px; border: 0; }
.mail-content .mail-gallery-cell img { display: block; width: 100%; }
.mail-content .mail-video img { display: block; width: 100%; }
.mail-content .mail-video-label { margin: 4px 0 0; font-weight: 700; }
.mail-content .mail-figure { margin: 0 0 16px; }
.mail-content .vocabulary dt { font-weight: 700; }
.mail-content .vocabulary dd { margin: 0 0 8px 16px; }
.mail-read { margin: 24px 0 0; }
.mail-digest-item { width: 100%; border-collapse: collapse; margin: 0 0 20px; }
.mail-digest-thumb { width: 120px; padding: 0 16px 0 0; vertical-align: top; }
.mail-digest-thumb img { display: block; width: 120px; max-width: 120px; height: auto; border: 0; border-radius: 6px; }
.mail-digest-text { vertical-align: top; }
.mail-digest-title { margin: 0 0 4px; font-size: 19px; line-height: 1.35; }
.mail-digest-title a { color: ${COLORS.text}; text-decoration: none; }
.mail-digest-excerpt { color: ${COLORS.muted}; font-size: 15px; }
.mail-digest-excerpt p { margin: 0 0 4px; }
.mail-digest-excerpt a { color: ${COLORS.primary}; }
.mail-button { display: inline-block; padding: 12px 20px; border-radius: 10px; background: ${COLORS.primary}; color: ${COLORS.surface}; font-weight: 700; text-decoration: none; }
.mail-footer { padding: 16px 24px 24px; border-top: 1px solid ${COLORS.border}; color: ${COLORS.muted}; font-size: 14px; line-height: 1.5; }
.mail-footer p { margin: 0 0 8px; }
.mail-footer a { color: ${COLORS.primary}; }
@media (max-width: 620px) {
  .mail-outer > tbody > tr > td { padding: 0 !important; }
  .mail-main { padding: 16px !important; }
  .mail-header, .mail-footer { padding-left: 16px !important; padding-right: 16px !important; }
  .mail-title { font-size: 24px !important; }
}
`;
