/** The starter theme's assets: its stylesheet, a logo, a favicon, an illustration and a short sound. */

/** `assets/theme.css`. */
export const THEME_CSS = `/* The starter theme's stylesheet. Edit it while \`theme-kit dev\` runs: open pages restyle without a reload. */
:root {
  --ink: #1f2328;
  --muted: #5b636d;
  --paper: #ffffff;
  --tint: #f4f1ea;
  --accent: #2f6f5e;
  --accent-ink: #ffffff;
  --radius: 10px;
  --width: 1120px;
  font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif;
  color: var(--ink);
  background: var(--paper);
  line-height: 1.55;
}
* { box-sizing: border-box; }
body { margin: 0; }
a { color: var(--accent); }
img { max-width: 100%; }
h1, h2, h3 { line-height: 1.2; }

.site-header { display: flex; align-items: center; gap: 2rem; padding: 1rem max(1rem, calc((100% - var(--width)) / 2)); border-bottom: 1px solid #e6e2d8; background: var(--paper); position: sticky; top: 0; z-index: 10; }
.brand { font-weight: 700; font-size: 1.25rem; color: var(--ink); text-decoration: none; }
.main-menu ul { list-style: none; margin: 0; padding: 0; display: flex; gap: 1.25rem; }
.main-menu a { color: var(--ink); text-decoration: none; }
.main-menu a[aria-current='page'] { color: var(--accent); font-weight: 600; }
.main-menu .has-children { position: relative; }
.main-menu .submenu { display: none; position: absolute; top: 100%; left: -1rem; min-width: 12rem; padding: 0.5rem 1rem; background: var(--paper); border: 1px solid #e6e2d8; border-radius: var(--radius); flex-direction: column; gap: 0.25rem; }
.main-menu .has-children:hover .submenu, .main-menu .has-children:focus-within .submenu { display: flex; }
.currency { margin-left: auto; font-size: 0.85rem; color: var(--muted); border: 1px solid #e6e2d8; border-radius: 999px; padding: 0.1rem 0.6rem; }

.page { min-height: 60vh; }
.intro, .section { max-width: var(--width); margin: 0 auto; padding: 2.5rem 1rem; }
.intro h1 { font-size: clamp(2rem, 5vw, 3.25rem); margin: 0 0 0.5rem; }
.intro p { color: var(--muted); font-size: 1.15rem; max-width: 40rem; }

.card-grid, .product-grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.category-card { display: flex; flex-direction: column; gap: 0.25rem; padding: 1.5rem; border-radius: var(--radius); background: var(--tint); color: var(--ink); text-decoration: none; }
.category-card span { color: var(--muted); font-size: 0.9rem; }
.product-card { display: flex; flex-direction: column; gap: 0.35rem; color: var(--ink); text-decoration: none; }
.product-image { display: block; aspect-ratio: 1; border-radius: var(--radius); background: var(--tint); overflow: hidden; }
.product-image img { width: 100%; height: 100%; object-fit: cover; display: block; }
.price { font-weight: 600; }
.product { display: grid; gap: 2rem; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }
.product-media { aspect-ratio: 1; background: var(--tint); border-radius: var(--radius); overflow: hidden; }
.product-media img { width: 100%; height: 100%; object-fit: cover; }
.stock { color: var(--accent); }
.sold-out { color: #b42318; }
.button { display: inline-block; padding: 0.7rem 1.4rem; border: 0; border-radius: 999px; background: var(--accent); color: var(--accent-ink); font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
.button[disabled] { opacity: 0.5; cursor: not-allowed; }

.article-list { padding-left: 1.2rem; }
.article-list time, .meta { color: var(--muted); font-size: 0.9rem; }
.article-summary { border-bottom: 1px solid #eee; padding: 1rem 0; }
.article .featured { border-radius: var(--radius); }
.tag { background: var(--tint); border-radius: 999px; padding: 0.05rem 0.55rem; font-size: 0.8rem; }

.paginator { display: flex; gap: 0.5rem; margin-top: 2rem; align-items: center; }
.paginator a, .paginator span { padding: 0.3rem 0.7rem; border-radius: 6px; }
.paginator [aria-current='page'] { background: var(--accent); color: var(--accent-ink); }
.paginator [aria-disabled='true'] { color: #aaa; }

.stk-region { max-width: var(--width); margin: 0 auto; display: flex; flex-direction: column; gap: 1rem; padding: 0 1rem; }

.site-footer { margin-top: 3rem; padding: 2rem max(1rem, calc((100% - var(--width)) / 2)); background: var(--tint); color: var(--muted); }
.footer-columns { display: grid; gap: 2rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
.site-footer ul { list-style: none; margin: 0; padding: 0; }
.site-footer strong { color: var(--ink); }
.cards { font-size: 0.85rem; }
.cookie-banner { position: fixed; left: 1rem; right: 1rem; bottom: 1rem; max-width: 36rem; margin: 0 auto; display: flex; gap: 1rem; align-items: center; padding: 0.75rem 1rem; background: var(--ink); color: var(--paper); border-radius: var(--radius); z-index: 20; }
.cookie-banner p { margin: 0; flex: 1; }
.cookie-banner button { border: 0; border-radius: 999px; padding: 0.4rem 1rem; background: var(--paper); color: var(--ink); cursor: pointer; }
`;

/** `assets/logo.svg`. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48"><rect width="48" height="48" rx="12" fill="#2f6f5e"/><path d="M10 34 22 14l8 12 4-6 8 14z" fill="#f4f1ea"/><text x="58" y="31" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#1f2328">Northwind</text></svg>
`;

/** `assets/favicon.svg`. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f6f5e"/><path d="M12 46 29 18l11 16 6-8 10 20z" fill="#f4f1ea"/></svg>
`;

/** `assets/hero.svg`: a landscape for the image blocks (no network needed). */
export const HERO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7d9a8"/><stop offset="1" stop-color="#f4f1ea"/></linearGradient></defs><rect width="1200" height="600" fill="url(#sky)"/><circle cx="900" cy="170" r="70" fill="#f2b45a"/><path d="M0 420 260 200l170 160 150-110 230 170 170-120 220 180v120H0z" fill="#2f6f5e"/><path d="M0 500 300 360l220 120 200-90 260 110 220-70v170H0z" fill="#1f4d41"/></svg>
`;

/**
 * `assets/chime.wav`: one second of a soft 440 Hz tone (8 kHz, 8-bit mono), made here rather than shipped
 * as a binary, for the audio block.
 */
export function chimeWav(): Uint8Array {
  const rate = 8000;
  const samples = rate;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i += 1) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i += 1) {
    const fade = Math.min(1, (samples - i) / (rate / 2));
    bytes[44 + i] = Math.round(128 + 40 * fade * Math.sin((2 * Math.PI * 440 * i) / rate));
  }
  return bytes;
}
