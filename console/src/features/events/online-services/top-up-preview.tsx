import {
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  CARD_BRAND_LABEL,
  type CardBrand,
  type LoginMethod,
  type OnlineColors,
  type OnlineGradient,
} from '@pulsera/contracts';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

export interface TopUpPreviewProps {
  eventName: string;
  address: string | null;
  colors: OnlineColors;
  gradient: OnlineGradient;
  images: { header: string | null; login: string | null; favicon: string | null; background: string | null };
  loginMethod: LoginMethod;
  needsCodeCheck: boolean;
  knownTicketsOnly: boolean;
  cardBrands: CardBrand[];
  /** The info text by language iso, as typed: the site offers the languages that have one. */
  infoTexts: Record<string, string | undefined>;
  /** "From 10.00 € to 200.00 €", or null while the amounts are not valid. */
  amounts: string | null;
  recaptcha: boolean;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A colour as typed, or the fallback while it is not a full #rrggbb. */
const safe = (c: string, fallback: string) => (HEX.test(c) ? c : fallback);

/**
 * A mock of the online top-up site as its visitors will see it (a pure front-end drawing): the
 * browser tab with the favicon and the address, the header band in the chosen colours or gradient
 * with the header image, and the login box with its image, the login fields of the chosen method, the
 * top-up button and the accepted cards. It follows the form as it is typed, before saving.
 */
export function TopUpPreview(p: TopUpPreviewProps) {
  const { t } = useTranslation();
  const primary = safe(p.colors.primary, '#6d28d9');
  const accent = safe(p.colors.accent, '#f59e0b');
  const headerText = safe(p.colors.headerText, '#ffffff');
  const background = safe(p.colors.background, '#f4f1fb');
  const band =
    p.gradient.enabled === 1
      ? `linear-gradient(${p.gradient.angle}deg, ${safe(p.gradient.from, primary)}, ${safe(p.gradient.to, primary)})`
      : primary;
  // The site's languages: those with an info text (the console's language while there is none).
  const languages = Object.keys(p.infoTexts).filter((l) => p.infoTexts[l]?.trim());
  const [picked, setPicked] = useState<string>(currentLanguage());
  const shown = languages.includes(picked) ? picked : (languages[0] ?? currentLanguage());
  const infoText = p.infoTexts[shown]?.trim() ?? '';
  const rfid = p.loginMethod !== 'ticket';
  const ticket = p.loginMethod !== 'rfid';

  return (
    <Paper withBorder radius="md" shadow="sm" style={{ overflow: 'hidden' }} data-testid="top-up-preview">
      {/* The browser's tab and address bar */}
      <Box px="sm" py={6} bg="var(--mantine-color-gray-1)">
        <Group gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 5, background: '#ff5f57' }} />
          <Box w={10} h={10} style={{ borderRadius: 5, background: '#febc2e' }} />
          <Box w={10} h={10} style={{ borderRadius: 5, background: '#28c840' }} />
          <Group
            gap={6}
            wrap="nowrap"
            ml="xs"
            px={8}
            py={2}
            bg="white"
            style={{ borderRadius: '6px 6px 0 0', minWidth: 0, maxWidth: 200 }}
          >
            {p.images.favicon ? (
              <Image src={p.images.favicon} w={16} h={16} alt="" data-testid="preview-favicon" />
            ) : (
              <IconWorld size={14} color="gray" />
            )}
            <Text size="xs" truncate>
              {p.eventName}
            </Text>
          </Group>
        </Group>
        <Group gap={6} mt={6} px={8} py={3} bg="white" wrap="nowrap" style={{ borderRadius: 12 }}>
          <IconLock size={12} color="gray" />
          <Text size="xs" c="dimmed" truncate data-testid="preview-address">
            {p.address ?? t('onlineServices.preview.noAddress')}
          </Text>
        </Group>
      </Box>

      {/* The page */}
      <Box
        data-testid="preview-page"
        style={{
          background: p.images.background
            ? `center / cover no-repeat url("${p.images.background}"), ${background}`
            : background,
        }}
        pb="md"
      >
        <Box
          data-testid="preview-header"
          style={{ background: band, color: headerText }}
          px="md"
          py="sm"
          mih={96}
        >
          <Group justify="space-between" wrap="nowrap" align="center">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {p.images.header && (
                <Image
                  src={p.images.header}
                  w={120}
                  h={64}
                  fit="contain"
                  alt=""
                  radius="sm"
                  data-testid="preview-header-image"
                />
              )}
              <Box style={{ minWidth: 0 }}>
                <Text fw={700} size="lg" lh={1.2} style={{ color: headerText }} lineClamp={2}>
                  {p.eventName}
                </Text>
                <Text size="xs" style={{ color: headerText, opacity: 0.85 }}>
                  {t('onlineServices.preview.tagline')}
                </Text>
              </Box>
            </Group>
            <Group gap={4} wrap="nowrap">
              {(languages.length ? languages : [shown]).map((l) => (
                <UnstyledButton
                  key={l}
                  px={6}
                  onClick={() => setPicked(l)}
                  aria-pressed={l === shown}
                  data-testid={`preview-language-${l}`}
                  style={{
                    border: `1px solid ${headerText}`,
                    borderRadius: 4,
                    fontSize: 10,
                    color: l === shown ? primary : headerText,
                    background: l === shown ? headerText : 'transparent',
                  }}
                >
                  {l.toUpperCase()}
                </UnstyledButton>
              ))}
            </Group>
          </Group>
        </Box>

        {/* The login box (300 × 260 on the site) */}
        <Paper
          mx="auto"
          mt="md"
          w={300}
          maw="calc(100% - 24px)"
          radius="md"
          shadow="md"
          p="md"
          data-testid="preview-login"
        >
          <Stack gap={8}>
            {p.images.login && (
              <Image
                src={p.images.login}
                h={110}
                fit="contain"
                alt=""
                radius="sm"
                data-testid="preview-login-image"
              />
            )}
            <Text fw={600} size="sm">
              {t('onlineServices.preview.title')}
            </Text>
            {infoText && (
              <Text size="xs" c="dimmed" lineClamp={3} data-testid="preview-info">
                {infoText}
              </Text>
            )}
            {rfid && (
              <TextInput size="xs" readOnly tabIndex={-1} placeholder={t('onlineServices.preview.rfid')} />
            )}
            {p.loginMethod === 'rfidAndTicket' && (
              <Text size="xs" c="dimmed" ta="center">
                {t('onlineServices.preview.or')}
              </Text>
            )}
            {ticket && (
              <TextInput
                size="xs"
                readOnly
                tabIndex={-1}
                placeholder={t('onlineServices.preview.ticket')}
                description={p.knownTicketsOnly ? t('onlineServices.preview.knownTicket') : undefined}
                inputWrapperOrder={['input', 'description']}
                data-testid="preview-ticket"
              />
            )}
            {p.needsCodeCheck && (
              <TextInput
                size="xs"
                readOnly
                tabIndex={-1}
                placeholder={t('onlineServices.preview.codeCheck')}
              />
            )}
            <Button
              size="xs"
              fullWidth
              tabIndex={-1}
              style={{ background: primary, color: '#fff' }}
              data-testid="preview-button"
            >
              {t('onlineServices.preview.topUp')}
            </Button>
            {p.amounts && (
              <Text size="xs" ta="center" style={{ color: accent }} fw={600} data-testid="preview-amounts">
                {p.amounts}
              </Text>
            )}
            <Group gap={4} justify="center">
              {p.cardBrands.map((b) => (
                <Badge key={b} size="xs" variant="outline" color="gray" radius="sm">
                  {CARD_BRAND_LABEL[b]}
                </Badge>
              ))}
            </Group>
            {p.recaptcha && (
              <Text size="10px" c="dimmed" ta="center">
                {t('onlineServices.preview.recaptcha')}
              </Text>
            )}
          </Stack>
        </Paper>
      </Box>
    </Paper>
  );
}
