import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { groupLabel } from './group-label';

describe('group names', () => {
  it('shows the default group in the interface language until it is renamed', async () => {
    await i18n.changeLanguage('ja');
    expect(groupLabel({ name: 'Default group', isDefault: true })).toBe('デフォルトグループ');
    expect(groupLabel({ name: '默认分组', isDefault: true })).toBe('デフォルトグループ');
    expect(groupLabel({ name: 'Bridges', isDefault: true })).toBe('Bridges');
    expect(groupLabel({ name: 'Default group', isDefault: false })).toBe('Default group');
  });
});
