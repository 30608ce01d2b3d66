import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge'

// Hidden frames and popups land here; MSAL 5 needs the answer handed to the app's window.
void broadcastResponseToMainFrame()
