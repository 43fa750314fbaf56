// One accepted connection on a stand-in product's socket, relayed to the engine behind it the way
// the products' own forwards do: Lima (and so colima and Rancher Desktop) forwards the guest's
// docker.sock with `ssh -L` (lima-vm/lima pkg/hostagent/hostagent.go, forwardSSH), whose channel
// carries an EOF apart from its close, so each direction ends on its own. A client that half-closes
// after its request (`docker exec` fed on stdin: Mountbench lays a volume's fixture that way, and
// the docker CLI does the same for `exec -i`) still reads the answer. Node's default
// (allowHalfOpen: false) turned that half-close into a full close here, which cut the exec's
// output and the tail of its input on the slow QEMU rig; both sockets must be made with
// allowHalfOpen: true. Either one failing, or closing in both directions, drops the other.
'use strict';

/**
 * Pipes `client` and `upstream` both ways; each side's end reaches the other as an end (a FIN),
 * not a close. `onDrop` runs once both are gone.
 */
function relay(client, upstream, onDrop = () => {}) {
  let dropped = false;
  const drop = () => {
    client.destroy();
    upstream.destroy();
    if (!dropped) {
      dropped = true;
      onDrop();
    }
  };
  client.on('error', drop);
  upstream.on('error', drop);
  // With allowHalfOpen, 'close' comes only once a socket has both received and sent its end (or
  // was destroyed), so dropping the other then cuts nothing still in flight.
  client.on('close', drop);
  upstream.on('close', drop);
  client.pipe(upstream);
  upstream.pipe(client);
}

module.exports = { relay };
