import { BrowserRouter } from 'react-router';
import { SystemBranding } from './SystemBranding';
import { AppRoutes } from './AppRoutes';
import { NavigationBridge, SessionGate } from './guards';
import { AppProviders } from './providers';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <NavigationBridge />
        <SystemBranding />
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
    </AppProviders>
  );
}
