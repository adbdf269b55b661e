module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '47.9375em',
        'mantine-breakpoint-md': '59.9375em',
        'mantine-breakpoint-lg': '85.375em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
