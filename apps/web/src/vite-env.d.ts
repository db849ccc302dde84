/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The address of the support link in the navigation. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
