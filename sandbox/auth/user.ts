/**
 * The one demo user of the sandbox. Its credentials are printed at start and documented in
 * docs/sandbox.md, because the sandbox is a local test peer: nothing here protects real money.
 */

/** Login credentials and profile of the demo user. */
export interface DemoUser {
  svc_id: string;
  password: string;
  pin: string;
  tpin: string;
  /** One-time password the sandbox depository accepts (a real one would come by SMS). */
  otp: string;
  name: string;
  email: string;
  pan: string;
  /** The registered mobile number as the profile answers it (the broker masks it). */
  mobile: string;
}

/** The demo user. */
export const DEMO_USER: DemoUser = {
  svc_id: 'XS12345',
  password: 'Sandbox@123',
  pin: '1234',
  tpin: '123456',
  otp: '654321',
  name: 'SANDBOX TRADER',
  email: 'trader@sandbox.invalid',
  pan: 'ABCPS1234K',
  mobile: '98XXXXXX10',
};
