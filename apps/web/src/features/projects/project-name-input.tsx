import { TEXT_LIMITS } from '@obra/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The reason a project name is refused before any call, or null (editor §5.3: the name is required). */
export function projectNameError(name: string): 'required' | null {
  return name.trim() === '' ? 'required' : null;
}

/**
 * A project's name field (creation, profile, duplication): required, at most `TEXT_LIMITS.name` characters, its
 * "required" message shown once `showError` (from the start unless told otherwise).
 */
export function ProjectNameInput({
  value,
  onChange,
  label,
  showError = true,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  /** Defaults to the project's "Name". */
  label?: string;
  showError?: boolean;
} & Pick<TextInputProps, 'onBlur' | 'readOnly'>) {
  const { t } = useTranslation('projects');
  return (
    <TextInput
      label={label ?? t('create.name')}
      value={value}
      maxLength={TEXT_LIMITS.name}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={showError && projectNameError(value) ? t('create.nameRequired') : undefined}
      required
      {...rest}
    />
  );
}
