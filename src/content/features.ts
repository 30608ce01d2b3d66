/** The nine features of the landing page's grid (spec section 2). Icons are chosen by the view. */
export const features = [
  {
    key: 'mvvm',
    title: 'MVVM Support',
    text: 'Keep views and logic apart with bindable base classes that make your view models simple to write and easy to unit test.',
  },
  {
    key: 'di',
    title: 'Dependency Injection',
    text: 'Register services once and let Prism inject them into view models, views and modules through the container you prefer.',
  },
  {
    key: 'events',
    title: 'Event Aggregator',
    text: 'Let loosely coupled view models and modules talk through strongly typed events, without holding references to each other.',
  },
  {
    key: 'commanding',
    title: 'Commanding',
    text: 'Bind buttons and gestures to DelegateCommand and CompositeCommand, with can-execute state that follows your properties.',
  },
  {
    key: 'navigation',
    title: 'Navigation',
    text: 'Navigate between views by name, pass parameters, and let view models confirm or cancel before a page changes.',
  },
  {
    key: 'modularity',
    title: 'Modularity',
    text: 'Split a large application into modules that teams build, test and load on their own, on demand or at startup.',
  },
  {
    key: 'regions',
    title: 'Region Management',
    text: 'Compose screens from named regions so views are added, swapped and activated at run time without touching the shell.',
  },
  {
    key: 'locator',
    title: 'ViewModel Locator',
    text: 'Wire each view to its view model by convention, so XAML stays clean and nothing has to be set in code-behind.',
  },
  {
    key: 'templates',
    title: 'Template Packs and Code Snippets',
    text: 'Start new projects, modules and views from ready templates, and type common Prism patterns in a few keystrokes.',
  },
] as const

export type FeatureKey = (typeof features)[number]['key']
