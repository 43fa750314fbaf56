// Hardening shared by every window: the renderer gets a CSP, cannot navigate away from the app,
// cannot open windows or webviews, and is granted no permission (camera, notifications, ...).
import { app, session, shell, type Session, type WebContents } from 'electron';
import { isSafeExternalUrl } from './app-url';
import { CONTENT_SECURITY_POLICY, CSP_HEADER_ONLY } from '../core/app/content-security-policy';

export function hardenSession(target: Session = session.defaultSession): void {
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [`${CONTENT_SECURITY_POLICY}; ${CSP_HEADER_ONLY}`],
      },
    });
  });
  target.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
}

/** Applies to every web contents the app ever creates, so a later window cannot forget it. */
export function blockNavigation(isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // No new Electron windows, ever; an https link the user clicked opens in their browser.
    contents.setWindowOpenHandler(({ url }) => {
      if (isSafeExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}
