#!/usr/bin/env python3
"""An S3 client independent of Masthead (boto3), for the deploy tests against moto's server.

    s3_client.py ENDPOINT create-bucket BUCKET
    s3_client.py ENDPOINT dump BUCKET            -> JSON: every key with its size, SHA-256, content type, cache control
    s3_client.py ENDPOINT put BUCKET KEY TEXT    (an object Masthead did not write)
    s3_client.py ENDPOINT put-many BUCKET PREFIX N  (N objects PREFIXbackup-0000.bak…, Masthead's or not)
    s3_client.py ENDPOINT delete BUCKET KEY
    s3_client.py ENDPOINT put-claiming BUCKET KEY TEXT HASH  (other bytes, with the metadata Masthead gives the right ones)
    s3_client.py ENDPOINT create-user NAME       -> JSON: an access key id and secret of a new IAM user allowed s3:*
    s3_client.py ENDPOINT enable-auth            (moto checks signatures and keys from now on)
    s3_client.py ENDPOINT count BUCKET [PREFIX]  -> the number of objects (under PREFIX)
    s3_client.py ENDPOINT start [CERT KEY]       -> the pid of moto's server, started in the background on ENDPOINT's port
                                                    (over TLS with that certificate and key for an https:// ENDPOINT)
    s3_client.py ENDPOINT wait                   (until the server answers, up to 30 s)
    s3_client.py ENDPOINT sample BUCKET FILE STOP  (lists every key again and again, one JSON list a line, until STOP exists)

An https:// ENDPOINT is trusted through AWS_CA_BUNDLE, the file of its certificate.
"""
import os
import time
import hashlib
import json
import ssl
import sys
import urllib.request

import boto3
from botocore.config import Config


def client(endpoint, service="s3"):
    return boto3.client(
        service, endpoint_url=endpoint, region_name="us-east-1", verify=os.environ.get("AWS_CA_BUNDLE") or True,
        aws_access_key_id="AKIAIOSFODNN7EXAMPLE", aws_secret_access_key="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        config=Config(s3={"addressing_style": "path"}))


def main():
    endpoint, command, *args = sys.argv[1:]
    if command == "create-bucket":
        client(endpoint).create_bucket(Bucket=args[0])
    elif command == "put":
        client(endpoint).put_object(Bucket=args[0], Key=args[1], Body=args[2].encode())
    elif command == "put-many":
        s3 = client(endpoint)
        for index in range(int(args[2])):
            s3.put_object(Bucket=args[0], Key="%sbackup-%04d.bak" % (args[1], index), Body=b"backup %d" % index)
    elif command == "put-claiming":
        client(endpoint).put_object(Bucket=args[0], Key=args[1], Body=args[2].encode(), Metadata={"masthead-hash": args[3]})
    elif command == "delete":
        client(endpoint).delete_object(Bucket=args[0], Key=args[1])
    elif command == "dump":
        s3 = client(endpoint)
        objects = {}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=args[0]):
            for item in page.get("Contents", []):
                got = s3.get_object(Bucket=args[0], Key=item["Key"])
                body = got["Body"].read()
                objects[item["Key"]] = {
                    "size": len(body), "sha256": hashlib.sha256(body).hexdigest(),
                    "contentType": got.get("ContentType", ""), "cacheControl": got.get("CacheControl", ""),
                    "metadata": got.get("Metadata", {}),
                }
        json.dump(objects, sys.stdout, sort_keys=True)
    elif command == "create-user":
        iam = client(endpoint, "iam")
        iam.create_user(UserName=args[0])
        policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
        iam.put_user_policy(UserName=args[0], PolicyName="s3", PolicyDocument=json.dumps(policy))
        key = iam.create_access_key(UserName=args[0])["AccessKey"]
        json.dump({"id": key["AccessKeyId"], "secret": key["SecretAccessKey"]}, sys.stdout)
    elif command == "enable-auth":
        # As text: a form body would be parsed by Flask and the count lost.
        request = urllib.request.Request(
            endpoint + "/moto-api/reset-auth", data=b"0", method="POST", headers={"Content-Type": "text/plain"})
        urllib.request.urlopen(request).read()
    elif command == "count":
        # An optional prefix, without "/": moto 5.2.1 refuses the signature of a listing whose prefix holds one.
        pages = client(endpoint).get_paginator("list_objects_v2").paginate(Bucket=args[0], Prefix=args[1] if len(args) > 1 else "")
        print(sum(len(page.get("Contents", [])) for page in pages))
    elif command == "wait":
        for _ in range(300):
            try:
                context = ssl.create_default_context(cafile=os.environ.get("AWS_CA_BUNDLE")) if endpoint.startswith("https") else None
                urllib.request.urlopen(endpoint + "/moto-api/data.json", timeout=1, context=context).read()
                return
            except Exception:
                time.sleep(0.1)
        sys.exit("the S3 server at " + endpoint + " did not start")
    elif command == "start":
        # Its own session, and none of this process's descriptors but /dev/null: Foundation's Process
        # takes the end of a descriptor it gave the child for the child's exit, so a server holding
        # one would make the test wait for the server.
        import subprocess
        port = endpoint.rsplit(":", 1)[1]
        tls = ["-c", args[0], "-k", args[1]] if args else []
        server = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", port] + tls,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True, start_new_session=True)
        print(server.pid)
    elif command == "sample":
        bucket, out, stop = args
        s3 = client(endpoint)
        with open(out, "w") as handle:
            while not os.path.exists(stop):
                # Every page of the listing: one page holds at most 1,000 keys, fewer than the site has.
                try:
                    pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket)
                    keys = [item["Key"] for page in pages for item in page.get("Contents", [])]
                except Exception:
                    break
                handle.write(json.dumps(keys) + "\n")
                handle.flush()
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main()
