// The application menu: the platform's standard roles, so copy/paste, zoom, window handling and
// quitting behave as users expect. Developer tools stay out of packaged builds.
import { app, Menu, type MenuItemConstructorOptions } from 'electron';

export function installAppMenu(): void {
  const isMac = process.platform === 'darwin';
  const viewItems: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: viewItems },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
