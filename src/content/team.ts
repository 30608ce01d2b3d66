/** The framework's maintainers, shown in the Team section. */
export const team = [
  {
    name: 'Brian Lagunas',
    initials: 'BL',
    role: 'Co-creator and maintainer of Prism',
    bio: 'Microsoft MVP and long-time XAML developer who leads Prism and teaches it to thousands of developers.',
    links: [
      { label: 'GitHub', href: 'https://github.com/brianlagunas' },
      { label: 'X', href: 'https://x.com/brianlagunas' },
      { label: 'YouTube', href: 'https://www.youtube.com/@BrianLagunas' },
    ],
  },
  {
    name: 'Dan Siegel',
    initials: 'DS',
    role: 'Maintainer of Prism',
    bio: 'Microsoft MVP who drives Prism for Xamarin.Forms, .NET MAUI and Uno Platform and its cross-platform tooling.',
    links: [
      { label: 'GitHub', href: 'https://github.com/dansiegel' },
      { label: 'X', href: 'https://x.com/DanJSiegel' },
    ],
  },
] as const
