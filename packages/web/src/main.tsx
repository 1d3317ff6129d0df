import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installErrorReporter } from './lib/errorReporter';
import { authStore } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
installErrorReporter(window, () => authStore.get()?.accessToken ?? null);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
