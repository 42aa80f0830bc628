// The app's entry: everything Electron lives in ./electron, everything else in plain Node modules.
import { runDesktopApp } from './electron/app';

runDesktopApp();
