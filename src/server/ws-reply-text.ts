// The text of one WebSocket answer. A shared answer (core/app/shared-answer.ts: frozen, given to
// many calls at once) is serialised once and kept beside it; each call's reply then only wraps
// that text with its own id. Serialising the same listing for each of thousands of waiting calls
// held serve's thread and filled its heap with copies (bench/serve-load.ts).
import type { WsReply } from '../shared/ws-protocol';
import { isSharedAnswer } from '../core/app/shared-answer';

const serialised = new WeakMap<object, string>();

function valueText(value: object): string {
  let text = serialised.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialised.set(value, text);
  }
  return text;
}

/** Exactly JSON.stringify(message), with a shared answer's value serialised only the first time. */
export function wsReplyText(message: WsReply): string {
  if (message.ok && message.id !== undefined && isSharedAnswer(message.value))
    return `{"id":${JSON.stringify(message.id)},"ok":true,"value":${valueText(message.value)}}`;
  return JSON.stringify(message);
}
