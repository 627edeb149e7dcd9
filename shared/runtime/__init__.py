"""The rules-service runtime: hosts one pure rules module behind the common
game API (see game.py for the flow of a move)."""
