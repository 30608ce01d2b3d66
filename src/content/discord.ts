/** Discord, for Commercial Plus holders: where to make an account before joining Prism's server. */
export const discord = {
  registerUrl: 'https://discord.com/register',
  registerLabel: 'discord.com/register',
}
