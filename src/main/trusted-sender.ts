// An IPC message is only served when it comes from the top frame of our own window showing our
// own page: a subframe, another window or a page that navigated away gets nothing
// (the idea of GitHub Desktop's trusted-ipc-sender.ts, plus a frame URL check).

/** The parts of Electron's IpcMainInvokeEvent the check reads; plain objects in tests. */
export interface SenderEvent {
  sender: unknown;
  senderFrame: { url: string; parent: unknown } | null;
}

export function isTrustedSender(
  event: SenderEvent,
  trustedWebContents: unknown,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (event.sender !== trustedWebContents) return false;
  const frame = event.senderFrame;
  // null: the frame navigated or was destroyed after sending; its origin can no longer be proven.
  if (frame === null) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}
