import { runDesktopApp } from './electron/app';

runDesktopApp();
