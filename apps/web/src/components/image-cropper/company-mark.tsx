import { Avatar } from '@mantine/core';

/**
 * A company in a list or on a card: its 4:1 logo at the given height (800×200 stored, so it is never cropped
 * into a square), or its initials in a small square when it has no logo.
 */
export function CompanyMark({
  logo,
  name,
  size,
}: {
  logo: string | null | undefined;
  name: string;
  size: number;
}) {
  if (logo) {
    return (
      <img
        src={logo}
        alt={name}
        width={size * 4}
        height={size}
        data-testid="company-mark"
        style={{ objectFit: 'contain', flexShrink: 0, display: 'block' }}
      />
    );
  }
  return <Avatar name={name} color="initials" size={size} radius="sm" />;
}
