export function meta() {
  return [{ title: 'Profile | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Profile</h1>;
}
