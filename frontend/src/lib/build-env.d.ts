/// <reference types="vite/client" />

/** Set by vite.config.ts (`define`) at build time. */
interface ImportMetaEnv {
  readonly VITE_APP_VERSION: string;
  readonly VITE_GIT_COMMIT: string;
}
