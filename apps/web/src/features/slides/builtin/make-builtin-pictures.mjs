// Draws the home carousel's four built-in pictures (shown until staff publish a slide) and writes
// them to apps/web/public/carousel as AVIF and WebP at three widths plus a JPEG fallback.
// Run from the repository root after changing a drawing: node apps/web/src/features/slides/builtin/make-builtin-pictures.mjs
// The outputs are committed, so builds do not depend on this script (ADR 0011).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../../../../public/carousel');
const W = 1600;
const H = 800;
const WIDTHS = [640, 1024, 1600];
const FALLBACK_WIDTH = 1024;

const svg = (body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

/** A maple leaf centred on (0,0), about 100 units tall. */
const MAPLE =
  'M0,-50 L8,-32 L20,-38 L16,-12 L34,-28 L30,-18 L48,-20 L40,-2 L50,4 L24,20 L28,32 L4,28 L4,50 L-4,50 L-4,28 L-28,32 L-24,20 L-50,4 L-40,-2 L-48,-20 L-30,-18 L-34,-28 L-16,-12 L-20,-38 L-8,-32 Z';
const leaf = (x, y, scale, fill, rotate = 0) =>
  `<path d="${MAPLE}" fill="${fill}" transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})"/>`;
const pine = (x, base, h, fill = '#14532d') =>
  `<path d="M${x},${base - h} L${x + h * 0.28},${base} L${x - h * 0.28},${base} Z" fill="${fill}"/><rect x="${x - 4}" y="${base}" width="8" height="${h * 0.12}" fill="#3f2a1d"/>`;
const cloud = (x, y, s, fill = '#ffffff', opacity = 0.95) =>
  `<g fill="${fill}" opacity="${opacity}" transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="90" ry="38"/><ellipse cx="-60" cy="12" rx="60" ry="28"/><ellipse cx="62" cy="10" rx="70" ry="30"/><ellipse cx="10" cy="-26" rx="55" ry="36"/></g>`;

const pictures = {
  rockies: svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
     <circle cx="1240" cy="190" r="70" fill="#fde68a"/>
     <path d="M0,520 L180,300 L300,420 L470,180 L640,430 L760,330 L900,470 L1060,220 L1230,440 L1380,300 L1600,480 L1600,800 L0,800 Z" fill="#64748b"/>
     <path d="M470,180 L540,280 L505,270 L470,300 L440,268 L405,280 Z M1060,220 L1120,310 L1088,300 L1060,330 L1030,300 L1000,312 Z M180,300 L225,356 L200,350 L180,372 L160,350 L140,360 Z M1380,300 L1430,362 L1400,356 L1380,380 L1360,356 L1330,364 Z" fill="#f8fafc"/>
     <path d="M0,600 L220,470 L420,560 L640,450 L860,570 L1080,480 L1320,580 L1600,500 L1600,800 L0,800 Z" fill="#334155"/>
     <rect y="620" width="${W}" height="180" fill="url(#lake)"/>
     <path d="M0,620 L1600,620" stroke="#e0f2fe" stroke-width="3" opacity="0.6"/>
     ${[60, 130, 210, 1380, 1450, 1530].map((x, i) => pine(x, 640, 150 + (i % 3) * 30)).join('')}
     ${leaf(1240, 190, 0.7, '#dc2626')}`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient>
     <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#075985"/></linearGradient>`,
  ),
  skyline: svg(
    `<rect width="${W}" height="${H}" fill="url(#dusk)"/>
     <circle cx="380" cy="470" r="120" fill="#fdba74" opacity="0.9"/>
     <g fill="#1e1b4b">
       <rect x="760" y="130" width="26" height="470"/><ellipse cx="773" cy="300" rx="40" ry="22"/><rect x="768" y="60" width="10" height="80"/>
       <rect x="80" y="420" width="120" height="180"/><rect x="210" y="360" width="90" height="240"/><rect x="310" y="450" width="110" height="150"/>
       <rect x="440" y="300" width="100" height="300"/><rect x="550" y="380" width="130" height="220"/><rect x="690" y="430" width="60" height="170"/>
       <rect x="800" y="340" width="110" height="260"/><rect x="920" y="260" width="90" height="340"/><rect x="1020" y="400" width="140" height="200"/>
       <rect x="1170" y="320" width="100" height="280"/><rect x="1280" y="440" width="120" height="160"/><rect x="1410" y="380" width="110" height="220"/>
     </g>
     <g fill="#fde68a" opacity="0.8">
       ${Array.from({ length: 60 }, (_, i) => `<rect x="${100 + ((i * 97) % 1380)}" y="${400 + ((i * 53) % 180)}" width="8" height="12"/>`).join('')}
     </g>
     <rect y="600" width="${W}" height="200" fill="url(#water)"/>
     <g stroke="#fdba74" stroke-width="4" opacity="0.5">${Array.from({ length: 8 }, (_, i) => `<path d="M${300 + i * 12},${630 + i * 20} h${160 - i * 14}"/>`).join('')}</g>`,
    `<linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="0.55" stop-color="#db2777"/><stop offset="1" stop-color="#fb923c"/></linearGradient>
     <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient>`,
  ),
  campus: svg(
    `<rect width="${W}" height="${H}" fill="#fef3c7"/>
     <rect y="560" width="${W}" height="240" fill="#65a30d"/>
     <path d="M420,300 L800,150 L1180,300 Z" fill="#7f1d1d"/>
     <rect x="440" y="300" width="720" height="280" fill="#fde7c8"/>
     <g fill="#f5f5f4">${Array.from({ length: 7 }, (_, i) => `<rect x="${480 + i * 100}" y="320" width="36" height="240"/>`).join('')}</g>
     <rect x="420" y="560" width="760" height="26" fill="#d6d3d1"/>
     <rect x="760" y="440" width="80" height="120" fill="#7c2d12"/>
     <circle cx="800" cy="240" r="30" fill="#fef3c7" stroke="#7f1d1d" stroke-width="6"/>
     <g><circle cx="200" cy="420" r="120" fill="#ea580c"/><circle cx="280" cy="470" r="90" fill="#dc2626"/><rect x="220" y="480" width="26" height="100" fill="#78350f"/></g>
     <g><circle cx="1400" cy="430" r="120" fill="#dc2626"/><circle cx="1320" cy="480" r="80" fill="#f59e0b"/><rect x="1380" y="490" width="26" height="90" fill="#78350f"/></g>
     ${leaf(640, 680, 0.45, '#dc2626', -20)}${leaf(980, 720, 0.35, '#ea580c', 25)}${leaf(120, 700, 0.4, '#b91c1c', 10)}${leaf(1500, 690, 0.4, '#f59e0b', -35)}
     <g transform="translate(1180 660)"><path d="M-110,0 L0,-45 L110,0 L0,45 Z" fill="#111827"/><path d="M-60,22 L-60,70 Q0,100 60,70 L60,22 L0,45 Z" fill="#1f2937"/><path d="M0,0 L85,30 L85,80" stroke="#fbbf24" stroke-width="6" fill="none"/></g>`,
  ),
  flight: svg(
    `<rect width="${W}" height="${H}" fill="url(#high)"/>
     ${cloud(220, 620, 1.6)}${cloud(700, 690, 2)}${cloud(1250, 640, 1.8)}${cloud(1500, 720, 1.4)}${cloud(420, 260, 0.8, '#ffffff', 0.7)}${cloud(1350, 200, 0.7, '#ffffff', 0.7)}
     <g transform="translate(820 360) rotate(-12)">
       <path d="M-300,0 Q-300,-34 -250,-34 L230,-34 Q300,-34 320,0 Q300,34 230,34 L-250,34 Q-300,34 -300,0 Z" fill="#f8fafc"/>
       <path d="M-40,-20 L-140,-220 L-90,-220 L60,-20 Z" fill="#cbd5e1"/><path d="M-40,20 L-140,220 L-90,220 L60,20 Z" fill="#e2e8f0"/>
       <path d="M-250,-30 L-300,-140 L-260,-140 L-200,-30 Z" fill="#dc2626"/>
       ${leaf(-262, -96, 0.32, '#ffffff')}
       <g fill="#0ea5e9">${Array.from({ length: 12 }, (_, i) => `<circle cx="${-190 + i * 34}" cy="-8" r="8"/>`).join('')}</g>
       <path d="M250,-26 Q290,-22 305,-4 L260,-4 Z" fill="#0ea5e9"/>
     </g>`,
    `<linearGradient id="high" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#93c5fd"/></linearGradient>`,
  ),
};

fs.mkdirSync(out, { recursive: true });
const sizes = [];
for (const [name, drawing] of Object.entries(pictures)) {
  const master = await sharp(Buffer.from(drawing)).png().toBuffer();
  for (const width of WIDTHS) {
    const resized = sharp(master).resize({ width });
    const avif = await resized.clone().avif({ quality: 55, effort: 6 }).toBuffer();
    const webp = await resized.clone().webp({ quality: 78, effort: 6 }).toBuffer();
    fs.writeFileSync(path.join(out, `${name}-${width}.avif`), avif);
    fs.writeFileSync(path.join(out, `${name}-${width}.webp`), webp);
    sizes.push([`${name}-${width}`, avif.length, webp.length]);
  }
  const jpeg = await sharp(master).resize({ width: FALLBACK_WIDTH }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  fs.writeFileSync(path.join(out, `${name}-${FALLBACK_WIDTH}.jpg`), jpeg);
  sizes.push([`${name}-${FALLBACK_WIDTH}.jpg`, jpeg.length, 0]);
}
for (const [file, avif, webp] of sizes) console.log(file.padEnd(20), String(avif).padStart(7), webp ? String(webp).padStart(7) : '');
