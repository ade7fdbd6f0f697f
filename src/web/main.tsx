import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = rootElement;

const router = createAppRouter();

function renderApp() {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

// `/` arrives pre-rendered (ADR 0012). Rendering at once would replace that page with the loading spinner until the
// route's code is in; waiting for the router instead swaps the static page for the live one in a single step.
if (root.hasChildNodes() && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    renderApp();
  });
} else {
  renderApp();
}
