"""The platform's rules around the games: profiles, games against house AIs, invitations, turns and deadlines.

The domain never imports boto3: it talks to the storage port, reads time from the clock it is given, and
imports the engines only where a turn needs them.
"""
