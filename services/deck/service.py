"""DeckService over gRPC: proto in, DeckApp, proto out. Errors are raised as
shared.errors and mapped to status codes by shared.service's interceptor."""
from __future__ import annotations

from foodgames.v1 import deck_pb2 as pb
from foodgames.v1 import deck_pb2_grpc as pb_grpc

from services.deck import meters
from services.deck.app import DeckApp
from shared.auth import current_identity
from shared.errors import FailedPrecondition

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["DeckService"].full_name


def add_to_server(servicer, server) -> None:
    pb_grpc.add_DeckServiceServicer_to_server(servicer, server)


class DeckServicer(pb_grpc.DeckServiceServicer):
    def __init__(self, app: DeckApp):
        self.app = app

    async def CommitGame(self, request, context):
        commitment, index, algorithm = await self.app.commit(current_identity(), request.game_id,
                                                             request.game, list(request.players))
        return pb.CommitGameResponse(commitment=commitment, log_index=index, algorithm=algorithm)

    async def AddClientSeed(self, request, context):
        try:
            commitment = await self.app.add_client_seed(current_identity(), request.game_id, request.seat,
                                                        request.seed)
        except FailedPrecondition:  # every one of them says "too late" (Seeds.add_client_seed)
            meters.SEEDS_LATE.add(1)
            raise
        return pb.AddClientSeedResponse(commitment=commitment)

    async def Shuffle(self, request, context):
        order, index = await self.app.shuffle(current_identity(), request.game_id, request.deck,
                                              list(request.cards), request.k)
        return pb.ShuffleResponse(order=order, log_index=index)

    async def Reveal(self, request, context):
        seed, index = await self.app.reveal(current_identity(), request.game_id)
        return pb.RevealResponse(server_seed=seed, log_index=index)

    async def GetCheckpoint(self, request, context):
        current_identity()
        note, size, root = await self.app.checkpoint()
        return pb.GetCheckpointResponse(checkpoint=note, tree_size=size, root_hash=root,
                                        public_key=self.app.public_key)

    async def GetInclusionProof(self, request, context):
        current_identity()
        leaf, hashes, size = await self.app.inclusion_proof(request.leaf_index, request.tree_size)
        return pb.GetInclusionProofResponse(leaf=leaf, hashes=hashes, tree_size=size)

    async def GetConsistencyProof(self, request, context):
        current_identity()
        hashes, old, new = await self.app.consistency_proof(request.old_size, request.new_size)
        return pb.GetConsistencyProofResponse(hashes=hashes, old_size=old, new_size=new)

    async def ExportAuditBundle(self, request, context):
        text = await self.app.export_bundle(current_identity(), request.game_id)
        return pb.ExportAuditBundleResponse(bundle_json=text)

    async def GetPublicKey(self, request, context):
        current_identity()
        return pb.GetPublicKeyResponse(public_key=self.app.public_key, origin=self.app.origin)
