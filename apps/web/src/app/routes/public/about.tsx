export function meta() {
  return [{ title: 'About Us | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">About Us</h1>;
}
