"""The client SDK: connections, queueing, views and seats over gRPC, shared by the terminal client, the bots and the benches."""
