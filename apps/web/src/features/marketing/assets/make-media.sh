#!/usr/bin/env bash
# Rebuilds the hero video, its poster and the link-preview image from nothing but ffmpeg's
# gradient generator (no downloaded footage). Run from the repository root:
#   bash apps/web/src/features/marketing/assets/make-media.sh
# Needs ffmpeg with libvpx-vp9 and libx264, and the repository's node_modules (sharp).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
public="$here/../../../../public"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 6 s of two slowly turning gradients (deep navy and crimson), blended in RGB and blurred,
# followed by the same 6 s reversed: a 12 s loop with no visible seam.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=1280x720:r=24:d=6:n=4:c0=0x0b1220:c1=0x7f1d1d:c2=0xb91c1c:c3=0x172554:speed=0.004:seed=7:type=linear" \
  -f lavfi -i "gradients=s=1280x720:r=24:d=6:n=3:c0=0x000000:c1=0x7c2d12:c2=0x000000:speed=0.006:seed=11:type=radial" \
  -filter_complex "[0]format=gbrp[a];[1]format=gbrp[b];[a][b]blend=all_mode=screen:all_opacity=0.6,gblur=sigma=24,format=yuv420p,split[f][r0];[r0]reverse[r];[f][r]concat=n=2:v=1[out]" \
  -map "[out]" -c:v ffv1 "$tmp/master.mkv"

ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -c:v libvpx-vp9 -crf 36 -b:v 0 -row-mt 1 -deadline good -cpu-used 2 \
  -an -pix_fmt yuv420p "$here/hero.webm"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -c:v libx264 -preset veryslow -crf 28 -profile:v main \
  -pix_fmt yuv420p -movflags +faststart -an "$here/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -vf "select=eq(n\,0)" -frames:v 1 "$tmp/frame0.png"

FRAME="$tmp/frame0.png" HERE="$here" PUBLIC="$public" node --input-type=module -e "
import fs from 'node:fs';
import sharp from 'sharp';
const { FRAME, HERE, PUBLIC } = process.env;
// The poster is the loop's first frame, so nothing jumps when the video starts.
await sharp(FRAME).resize(960, 540).webp({ quality: 60 }).toFile(HERE + '/hero-poster.webp');
const leaf = fs.readFileSync(PUBLIC + '/logo.svg', 'utf8').replace(/<svg[^>]*>/, '').replace('</svg>', '');
const overlay = \`<svg xmlns='http://www.w3.org/2000/svg' width='1200' height='630'>
<rect width='1200' height='630' fill='rgba(5,10,20,0.45)'/>
<g transform='translate(100,150) scale(2.2)'>\${leaf}</g>
<text x='100' y='390' font-family='DejaVu Sans' font-weight='bold' font-size='92' fill='#ffffff' letter-spacing='4'>CANADIAN VISA</text>
<text x='104' y='455' font-family='DejaVu Sans' font-size='44' fill='#fde2e2'>( Work, Visit, Student )</text>
<text x='104' y='545' font-family='DejaVu Sans' font-size='34' fill='#ffffff'>Canada Visa Desk</text>
</svg>\`;
await sharp(FRAME).resize(1200, 630, { fit: 'cover' }).composite([{ input: Buffer.from(overlay) }]).jpeg({ quality: 78, mozjpeg: true }).toFile(PUBLIC + '/og-image.jpg');
"
ls -l "$here"/hero.* "$here"/hero-poster.webp "$public/og-image.jpg"
