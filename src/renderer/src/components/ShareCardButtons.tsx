// Save or copy the share card: one chat-sized PNG (share-card-draw.ts) in light or dark, made in
// milliseconds, with the time it took said beside the buttons. The tall full-page pictures stay
// beside it as an option.
import { useState } from 'react';
import { useColorScheme } from '../hooks/use-color-scheme';
import { downloadBlob } from '../lib/download';
import { errorMessage } from '../lib/error-message';
import { clipboardImageProblem, copyPicture } from '../lib/image-export';
import { canvasPng, DARK_CARD, drawShareCard, LIGHT_CARD } from '../lib/share-card-draw';
import type { CardModel } from '../lib/share-card-model';

interface Props {
  /** The card's content, built when a button is pressed. */
  model(): CardModel;
  fileName: string;
}

type Theme = 'light' | 'dark';

async function cardPng(model: CardModel, theme: Theme): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawShareCard(canvas, model, theme === 'dark' ? DARK_CARD : LIGHT_CARD);
  return canvasPng(canvas);
}

export function ShareCardButtons({ model, fileName }: Props) {
  const scheme = useColorScheme();
  const [theme, setTheme] = useState<Theme | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const chosen = theme ?? scheme;

  const attempt = async (what: string, work: (png: Blob) => Promise<string>) => {
    const start = performance.now();
    try {
      const png = await cardPng(model(), chosen);
      const done = await work(png);
      setStatus({ ok: true, text: `${done} (made in ${Math.round(performance.now() - start)} ms)` });
    } catch (err) {
      setStatus({ ok: false, text: `${what} failed: ${errorMessage(err)}` });
    }
  };

  return (
    <span className="share-card-buttons" role="group" aria-label="Share card" data-no-export="true">
      <button
        type="button"
        data-testid="share-card-save"
        onClick={() =>
          void attempt('Saving the share card', async (png) => {
            downloadBlob(fileName, png);
            return `Saved ${fileName}`;
          })
        }
      >
        Share card PNG
      </button>
      <button
        type="button"
        data-testid="share-card-copy"
        onClick={() =>
          void attempt('Copying the share card', async (png) => {
            const problem = clipboardImageProblem();
            if (problem) throw new Error(problem);
            await copyPicture(png);
            return 'The share card is on the clipboard';
          })
        }
      >
        Copy share card
      </button>
      <label className="inline">
        Card{' '}
        <select
          value={chosen}
          onChange={(e) => setTheme(e.target.value as Theme)}
          data-testid="share-card-theme"
        >
          <option value="light">light</option>
          <option value="dark">dark</option>
        </select>
      </label>
      <span
        className={status?.ok === false ? 'problem' : 'note'}
        role="status"
        data-testid="share-card-status"
      >
        {status?.text}
      </span>
    </span>
  );
}
