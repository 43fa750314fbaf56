// The share card drawn straight onto a canvas: 1200 × 675 layout pixels (16:9, what chat apps show
// whole) at 4/3 scale, so the PNG is 1600 × 900, crisp and within the 1600 px a chat keeps. A canvas
// and not a DOM snapshot: it takes milliseconds where copying the page's styles took seconds, and
// its size never depends on the window.
import { formatMeanStddev } from '../../../shared/format-time';
import { backendColor } from './backend-palette';
import type { CardModel, CardPanel, CardRow } from './share-card-model';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 675;
export const CARD_SCALE = 4 / 3;

export interface CardPalette {
  background: string;
  surface: string;
  text: string;
  muted: string;
  border: string;
  accent: string;
  ok: string;
  warn: string;
  whisker: string;
  series: readonly string[];
  baseline: string;
}

export const LIGHT_CARD: CardPalette = {
  background: '#f5f6f8',
  surface: '#ffffff',
  text: '#1b1f24',
  muted: '#57606a',
  border: '#d0d7de',
  accent: '#0a63c9',
  ok: '#1a7f37',
  warn: '#9a6700',
  whisker: '#1b1f24',
  series: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#8C6D1F', '#332288'],
  baseline: '#8a9099',
};

export const DARK_CARD: CardPalette = {
  background: '#0f1216',
  surface: '#171b21',
  text: '#e6edf3',
  muted: '#9da7b3',
  border: '#30363d',
  accent: '#4fa3e0',
  ok: '#3fb950',
  warn: '#d29922',
  whisker: '#e6edf3',
  series: ['#4fa3e0', '#f0b43c', '#2fc79c', '#e29ac6', '#8fd0f5', '#f07a3a', '#d6b35c', '#9c8cf0'],
  baseline: '#7d8590',
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const PAD = 28;

type Ctx = CanvasRenderingContext2D;

function font(ctx: Ctx, size: number, weight = 400): void {
  ctx.font = `${weight} ${size}px ${FONT}`;
}

/** The text cut with an ellipsis to fit `width`. */
function fit(ctx: Ctx, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/** Shortest a name is cut to: "App…" said nothing about which machine a bar was. */
const MIN_NAME_CHARS = 8;

function fitBy(measure: (text: string) => number, text: string, width: number, minChars = 0): string {
  if (measure(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  const keep = Math.min(text.length, Math.max(lo, minChars));
  return keep >= text.length ? text : `${text.slice(0, keep)}…`;
}

/**
 * A bar's machine name and backend label laid out on one line of `width`: the machine first (in a
 * comparison it says whose bar it is), each given at least half the line when both cannot fit,
 * and neither ever cut below MIN_NAME_CHARS characters (the line then runs long rather than
 * leaving a name blank or "App…").
 */
export function labelParts(
  measure: (text: string) => number,
  label: string,
  sub: string | null,
  width: number,
): { sub: string | null; label: string } {
  if (!sub) return { sub: null, label: fitBy(measure, label, width, MIN_NAME_CHARS) };
  const gap = measure('  ');
  const whole = measure(sub) + gap + measure(label);
  if (whole <= width) return { sub, label };
  const subRoom = Math.max(measure(sub) <= width / 2 ? measure(sub) : width / 2, 0);
  const fittedSub = fitBy(measure, sub, subRoom, MIN_NAME_CHARS);
  const labelRoom = width - measure(fittedSub) - gap;
  return { sub: fittedSub, label: fitBy(measure, label, labelRoom, MIN_NAME_CHARS) };
}

/** Words wrapped to `width`, at most `lines` lines (the last one cut). */
function wrap(ctx: Ctx, text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  const words = text.split(' ');
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (ctx.measureText(next).width <= width || !line) {
      line = next;
      continue;
    }
    if (out.length === lines - 1) {
      out.push(fit(ctx, `${line} ${words.slice(i).join(' ')}`, width));
      return out;
    }
    out.push(line);
    line = words[i];
  }
  if (line) out.push(line);
  return out;
}

function colorOf(palette: CardPalette, row: CardRow): string {
  // The dashboard's colour for this backend (lib/backend-palette.ts), not one by position.
  return backendColor(palette, row.series, row.baseline);
}

function drawPanel(
  ctx: Ctx,
  panel: CardPanel,
  box: { x: number; y: number; w: number; h: number },
  palette: CardPalette,
): void {
  ctx.fillStyle = palette.surface;
  ctx.strokeStyle = palette.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.w, box.h, 8);
  ctx.fill();
  ctx.stroke();

  font(ctx, 15, 700);
  ctx.fillStyle = palette.text;
  ctx.fillText(fit(ctx, panel.title, box.w - 24), box.x + 12, box.y + 24);

  // Each row: the label and its figure on one line, the bar below it across the panel's width, so
  // bars stay long enough to compare even with three panels side by side.
  const top = box.y + 38;
  const room = box.h - 46;
  const rowH = Math.min(60, room / Math.max(1, panel.rows.length));
  const shown = Math.max(1, Math.floor(room / Math.max(rowH, 34)));
  const rows = panel.rows.slice(0, shown);
  const left = box.x + 12;
  const width = box.w - 24;
  const max = Math.max(...rows.map((r) => r.mean + (r.stddev ?? 0)), 1e-12);
  const scale = (v: number) => left + (Math.max(0, v) / max) * width;
  const size = Math.max(12, Math.min(15, rowH * 0.3));
  const barH = Math.max(6, Math.min(16, rowH * 0.3));

  rows.forEach((row, i) => {
    const y = top + i * rowH;
    const textY = y + size;
    const time = formatMeanStddev(row.mean, row.stddev);
    const figure = row.hostCost ? `${time} · ${row.hostCost}` : time;
    font(ctx, size);
    const figureW = ctx.measureText(figure).width;
    ctx.fillStyle = palette.muted;
    ctx.fillText(figure, left + width - figureW, textY);
    const badge = row.badge ? ` [${row.badge}]` : '';
    const labelRoom = width - figureW - 12;
    font(ctx, size, 600);
    ctx.fillStyle = palette.text;
    const parts = labelParts((text) => ctx.measureText(text).width, row.label + badge, row.sub, labelRoom);
    let x = left;
    if (parts.sub) {
      // The machine first: in a comparison it says whose bar this is.
      ctx.fillText(parts.sub, x, textY);
      x += ctx.measureText(`${parts.sub}  `).width;
    }
    ctx.fillText(parts.label, x, textY);
    const barY = textY + 6;
    const end = scale(row.mean);
    ctx.fillStyle = colorOf(palette, row);
    ctx.fillRect(left, barY, Math.max(2, end - left), barH);
    if (row.badge) {
      // Hatched: a bar at another size is marked on itself, not only in a note.
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, barY, Math.max(2, end - left), barH);
      ctx.clip();
      ctx.strokeStyle = palette.surface;
      ctx.lineWidth = 2;
      for (let x = left - barH; x < end; x += 7) {
        ctx.beginPath();
        ctx.moveTo(x, barY + barH);
        ctx.lineTo(x + barH, barY);
        ctx.stroke();
      }
      ctx.restore();
    }
    if (row.stddev !== null && row.stddev > 0) {
      const lo = scale(row.mean - row.stddev);
      const hi = scale(row.mean + row.stddev);
      const mid = barY + barH / 2;
      ctx.strokeStyle = palette.whisker;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(lo, mid);
      ctx.lineTo(hi, mid);
      ctx.moveTo(lo, mid - barH / 2);
      ctx.lineTo(lo, mid + barH / 2);
      ctx.moveTo(hi, mid - barH / 2);
      ctx.lineTo(hi, mid + barH / 2);
      ctx.stroke();
    }
  });
  if (panel.rows.length > rows.length) {
    font(ctx, 12);
    ctx.fillStyle = palette.muted;
    ctx.fillText(`+${panel.rows.length - rows.length} more`, box.x + box.w - 80, box.y + 24);
  }
}

export function drawShareCard(canvas: HTMLCanvasElement, model: CardModel, palette: CardPalette): void {
  canvas.width = Math.round(CARD_WIDTH * CARD_SCALE);
  canvas.height = Math.round(CARD_HEIGHT * CARD_SCALE);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas.');
  ctx.setTransform(CARD_SCALE, 0, 0, CARD_SCALE, 0, 0);
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  const inner = CARD_WIDTH - 2 * PAD;

  font(ctx, 22, 700);
  ctx.fillStyle = palette.accent;
  ctx.fillText('Mountbench', PAD, PAD + 14);
  const brand = ctx.measureText('Mountbench ').width;
  ctx.fillStyle = palette.text;
  ctx.fillText(fit(ctx, model.title, inner - brand), PAD + brand, PAD + 14);
  font(ctx, 15);
  ctx.fillStyle = palette.muted;
  ctx.fillText(fit(ctx, model.subtitle, inner), PAD, PAD + 40);

  // The verdict, with its state as a coloured edge.
  const vy = PAD + 56;
  font(ctx, 21, 700);
  const lines = wrap(ctx, model.verdict.text, inner - 28, 2);
  const vh = 18 + lines.length * 27;
  ctx.fillStyle = palette.surface;
  ctx.beginPath();
  ctx.roundRect(PAD, vy, inner, vh, 8);
  ctx.fill();
  const edge =
    model.verdict.state === 'decided'
      ? palette.ok
      : model.verdict.state === 'info'
        ? palette.accent
        : model.verdict.state === 'none' || model.verdict.state === 'only'
          ? palette.muted
          : palette.warn;
  ctx.fillStyle = edge;
  ctx.fillRect(PAD, vy, 6, vh);
  ctx.fillStyle = palette.text;
  lines.forEach((l, i) => ctx.fillText(l, PAD + 18, vy + 32 + i * 27));

  // The panels: up to three a row.
  const footerH = 46;
  const gy = vy + vh + 14;
  const gh = CARD_HEIGHT - PAD - footerH - gy;
  const n = Math.max(1, model.panels.length);
  const cols = n <= 3 ? n : Math.ceil(n / 2);
  const rowsOfPanels = Math.ceil(n / cols);
  const gap = 12;
  const pw = (inner - gap * (cols - 1)) / cols;
  const ph = (gh - gap * (rowsOfPanels - 1)) / rowsOfPanels;
  model.panels.forEach((panel, i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    drawPanel(ctx, panel, { x: PAD + c * (pw + gap), y: gy + r * (ph + gap), w: pw, h: ph }, palette);
  });

  font(ctx, 13);
  ctx.fillStyle = palette.muted;
  const legend =
    model.more > 0 ? `${model.legend} · +${model.more} more workloads in the full view` : model.legend;
  ctx.fillText(fit(ctx, legend, inner), PAD, CARD_HEIGHT - PAD - 22);
  ctx.fillStyle = palette.text;
  ctx.fillText(fit(ctx, model.provenance, inner), PAD, CARD_HEIGHT - PAD);
}

/**
 * The canvas as a PNG. Not `canvas.toBlob`: Chromium encodes that in an idle task and waits up to a
 * second for the page to go idle, which a dashboard with live updates rarely does (measured: about
 * 1.1 s against 70 ms). `toDataURL` encodes at once.
 */
export function canvasPng(canvas: HTMLCanvasElement): Blob {
  const url = canvas.toDataURL('image/png');
  const comma = url.indexOf(',');
  if (!url.startsWith('data:image/png') || comma < 0) throw new Error('The card could not be encoded.');
  const text = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}
