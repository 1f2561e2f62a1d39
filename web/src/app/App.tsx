import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { NavigationBridge, SessionGate } from './guards';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <NavigationBridge />
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
    </AppProviders>
  );
}
