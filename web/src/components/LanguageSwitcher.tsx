import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@sightline/shared';
import { setLanguage } from '../i18n';
import { LANGUAGE_LABELS, isLanguage } from '../i18n/language';

/**
 * Language switcher: the choice is kept in local storage (`language`); `onChange` lets a signed-in page
 * keep it with the user as well.
 */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
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
          if (!isLanguage(key)) return;
          void setLanguage(key);
          onChange?.(key);
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
