// The clients of issue 32's services (docs/friends.md): private tables and table chat, served
// by the matchmaker behind the gateway. The same token and language as src/api.ts.
import { createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { ChatService } from "./gen/foodgames/v1/chat_pb";
import { TableService } from "./gen/foodgames/v1/tables_pb";
import { language } from "./i18n";
import { current } from "./session";

const withToken: Interceptor = (next) => async (request) => {
  const session = current();
  if (session) request.header.set("Authorization", `Bearer ${session.token}`);
  request.header.set("Accept-Language", language.value);
  return await next(request);
};

const transport = createConnectTransport({ baseUrl: window.location.origin, interceptors: [withToken] });

export const tables = createClient(TableService, transport);
export const chat = createClient(ChatService, transport);
