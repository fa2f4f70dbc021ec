import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERMISSION_AREAS, PERMISSIONS, permissionName } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

/** A permission code's translated name (`permissions.codes.<name>`). */
export function usePermissionLabel() {
  const { t } = useTranslation();
  return (code: number) => {
    const name = permissionName(code);
    return name ? t(`permissions.codes.${name}`) : String(code);
  };
}

/** The 45 codes as checkboxes grouped by area, with translated names. */
export function PermissionPicker({
  value,
  onChange,
  disabled,
  granted = [],
  testId,
}: {
  value: number[];
  onChange: (codes: number[]) => void;
  disabled?: boolean;
  /** Codes already given another way (a role): shown checked and fixed. */
  granted?: number[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const toggle = (code: number, on: boolean) =>
    onChange(on ? [...new Set([...value, code])].sort((a, b) => a - b) : value.filter((c) => c !== code));
  return (
    <Stack gap="sm" data-testid={testId}>
      {Object.entries(PERMISSION_AREAS).map(([area, names]) => (
        <Stack key={area} gap={4}>
          <Text size="sm" fw={600}>
            {t(`permissions.areas.${area}`)}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing={4} verticalSpacing={4}>
            {names.map((n) => {
              const code = PERMISSIONS[n];
              const viaRole = granted.includes(code) && !value.includes(code);
              return (
                <Group key={n} gap={4} wrap="nowrap">
                  <Checkbox
                    size="xs"
                    label={t(`permissions.codes.${n}`)}
                    checked={value.includes(code) || viaRole}
                    indeterminate={viaRole}
                    disabled={disabled || viaRole}
                    onChange={(e) => toggle(code, e.currentTarget.checked)}
                  />
                </Group>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
