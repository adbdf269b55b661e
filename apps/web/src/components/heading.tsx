import type { ReactNode } from 'react';
import { Stack, Text, Title, type TitleOrder, type TitleProps } from '@mantine/core';

/**
 * A title with its dimmed introduction below it: the head of a section (`order` and `size` give its level),
 * rendered without a wrapper so the caller's stack spaces it with what follows.
 */
export function SectionHeading({
  title,
  intro,
  order,
  size,
}: {
  title: ReactNode;
  intro: ReactNode;
  order: TitleOrder;
  size: TitleProps['size'];
}) {
  return (
    <>
      <Title order={order} size={size}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </>
  );
}

/** The head of a workspace page: its main title and a dimmed introduction, kept close together. */
export function PageHeading({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <Stack gap={4}>
      <SectionHeading title={title} intro={intro} order={1} size="h2" />
    </Stack>
  );
}
