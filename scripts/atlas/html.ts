/** Text made safe for HTML, in an element or an attribute. */
export const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const style = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 2rem 4rem; color: #1a1b1e; }
  a { color: #1c5fb8; }
  table { border-collapse: collapse; }
  td { overflow-wrap: anywhere; }
  td:first-child { overflow-wrap: normal; }
  th, td { border: 1px solid #d0d4da; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
  td.number { text-align: right; }
  .diagram { overflow: auto; border: 1px solid #d0d4da; padding: 0.5rem; background: #fff; max-height: 80vh; }
  .state { border-top: 1px solid #d0d4da; padding: 0.8rem 0; }
  .state h3 { margin: 0 0 0.2rem; font-family: ui-monospace, monospace; font-size: 1rem; }
  .description { margin: 0 0 0.5rem; color: #454a52; }
  .missing { background: #fff4e0; border-left: 4px solid #e8a33a; padding: 0.4rem 0.7rem; margin: 0.3rem 0; }
  .warning { background: #fde8e8; border-left: 4px solid #d33; padding: 0.4rem 0.7rem; margin: 0.3rem 0; }
  figure { margin: 0.5rem 0 1rem; display: grid; grid-template-columns: minmax(0, 640px) minmax(16rem, 1fr); gap: 1rem; align-items: start; }
  figure img { width: 100%; border: 1px solid #d0d4da; display: block; }
  figcaption { font-size: 0.9rem; }
  figcaption p:first-child { margin-top: 0; }
  figcaption ol { margin: 0.2rem 0; padding-left: 1.5rem; font-family: ui-monospace, monospace; font-size: 0.85rem; }
  .seen { color: #6a4b00; }
  .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem 1.2rem; font-size: 0.9rem; }
  .swatch { display: inline-block; min-width: 1.4em; text-align: center; font-weight: bold; border: 2px solid; border-radius: 3px; }
  .coverage, .guards { margin: 0.5rem 0; }
  .guards td.outcome { text-align: center; font-weight: 600; }
  tr.uncovered { background: #ffe3e3; }
  .compared { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.8rem; }
  .compared figure.shot { display: block; margin: 0; }
`

/** A page of the atlas: its styles inline, no script, every link relative. */
export function document(title: string, body: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escape(title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
