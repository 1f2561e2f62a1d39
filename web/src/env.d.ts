/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' on a local (on-premises) deployment: developer tools are allowed. */
  readonly VITE_LOCAL_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
