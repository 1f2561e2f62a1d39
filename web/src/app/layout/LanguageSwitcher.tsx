import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@sightline/shared';
import { setLanguage } from '../../i18n';
import { LANGUAGE_LABELS, isLanguage } from '../../i18n/language';

/** Header language switcher: the choice is kept in local storage (`language`). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_LABELS[language] })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('ui.language.label')}
        data-testid="language-switcher"
      >
        {LANGUAGE_LABELS[current]}
      </Button>
    </Dropdown>
  );
}
