import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  teamUi: {
    admin: {
      description: 'Every team’s usage, and upgrades of member limits, storage and membership features.',
      search: 'Search team or owner',
      team: 'Team',
      lastUpgrade: 'Last upgrade',
      storageUsage: '{used} / {max}',
      upgrade: 'Upgrade',
      upgradeTitle: 'Upgrade {name}',
      memberMax: 'Member limit',
      memberMaxHint: 'Members now: {count}; the limit cannot be lower',
      volumeMax: 'Storage limit',
      volumeMaxHint: '{used} used',
      kind: 'Team type',
      functions: 'Membership features',
      functionsHint:
        'Enter the days to grant; a feature still active is extended from its current expiry, others from today.',
      grantDays: 'Days to grant',
      nothingChanged: 'Nothing to save',
      upgraded: '{name} upgraded',
    },
  },
};
