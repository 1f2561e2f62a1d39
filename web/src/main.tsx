import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { showToast } from './api/notifier';
import { App } from './app/App';
import { installDevtoolsGuard, isLocalMode } from './app/devtools-guard';
import { installSessionHandlers } from './session/session';
import './app/global.css';
import { translate } from './i18n';

installSessionHandlers();
if (!isLocalMode(import.meta.env)) installDevtoolsGuard(window);
// Vite reports a failed preload of a route's chunk here (e.g. after a redeploy removed old files).
window.addEventListener('vite:preloadError', () => showToast('error', translate('ui.app.chunkLoadError')));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
