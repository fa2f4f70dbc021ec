/** The app's version (terminal/package.json), reported to the fleet health at each sync. */
declare const __APP_VERSION__: string;
