// What the router (main.tsx) gives every page: the route's captured parts, in order.
export type PageProps = { params: string[] };
