// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

interface IERC20FeeProxy {
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

interface IEthereumFeeProxy {
    function transferWithReferenceAndFee(
        address payable _to,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable;
}

/// @title BatchConversionPayments (no-conversion subset)
/// @notice Pays several requests in one transaction. ABI-compatible with the entry point of Request
///         Network's BatchConversionPayments, `batchPayments(MetaDetail[], address[][], address)`
///         (selector 0x92cddb91), for the payment networks without conversion:
///         1 = ERC-20 requests in one token, 2 = ERC-20 requests in several tokens, 3 = native requests.
///         Every request is paid through the fee proxies, so each emits its own
///         TransferWithReferenceAndFee (payment detection reads the proxies' logs); every fee goes to
///         `feeAddress`. There is no batch fee and `pathsToUSD` is not used.
/// @dev ERC-20: the payer approves this contract; for each run of requests in the same token it pulls
///      the run's amounts and fees once, approves the ERC20FeeProxy for exactly that and pays each
///      request through it. Native: msg.value must cover every native amount and fee; the rest is
///      refunded. The contract keeps no balance between calls; every entry point is nonReentrant.
contract BatchConversionPayments is ReentrancyGuard {
    using SafeERC20 for IERC20;

    uint256 private constant ERC20_SINGLE_TOKEN = 1;
    uint256 private constant ERC20_MULTI_TOKEN = 2;
    uint256 private constant NATIVE = 3;
    uint256 private constant MAX_META_DETAILS = 5;

    /// Same layout as Request Network's RequestDetail; conversion fields are ignored here.
    struct RequestDetail {
        address recipient;
        uint256 requestAmount;
        address[] path;
        bytes paymentReference;
        uint256 feeAmount;
        uint256 maxToSpend;
        uint256 maxRateTimespan;
    }

    struct MetaDetail {
        uint256 paymentNetworkId;
        RequestDetail[] requestDetails;
    }

    IERC20FeeProxy public immutable paymentErc20FeeProxy;
    IEthereumFeeProxy public immutable paymentNativeFeeProxy;

    constructor(address erc20FeeProxy, address nativeFeeProxy) {
        require(erc20FeeProxy != address(0) && nativeFeeProxy != address(0), "proxy address is zero");
        paymentErc20FeeProxy = IERC20FeeProxy(erc20FeeProxy);
        paymentNativeFeeProxy = IEthereumFeeProxy(nativeFeeProxy);
    }

    /// @notice Plain ether sent here would not be tied to any payment reference.
    receive() external payable {
        revert("not payable receive");
    }

    /// @notice Pays every request of every meta detail; fees go to `feeAddress`.
    function batchPayments(
        MetaDetail[] calldata metaDetails,
        address[][] calldata /* pathsToUSD: no batch fee, unused */,
        address feeAddress
    ) external payable nonReentrant {
        require(metaDetails.length <= MAX_META_DETAILS, "more than 5 metaDetails");
        uint256 nativeSpent = 0;
        for (uint256 i = 0; i < metaDetails.length; i++) {
            uint256 id = metaDetails[i].paymentNetworkId;
            RequestDetail[] calldata details = metaDetails[i].requestDetails;
            if (id == ERC20_SINGLE_TOKEN || id == ERC20_MULTI_TOKEN) {
                _payErc20(details, id == ERC20_SINGLE_TOKEN, feeAddress);
            } else if (id == NATIVE) {
                nativeSpent += _payNative(details, msg.value - nativeSpent, feeAddress);
            } else {
                revert("conversion payments are not supported");
            }
        }
        uint256 leftover = msg.value - nativeSpent;
        if (leftover > 0) {
            (bool ok, ) = payable(msg.sender).call{value: leftover}("");
            require(ok, "Could not refund the sender");
        }
    }

    function _payErc20(RequestDetail[] calldata details, bool singleToken, address feeAddress) private {
        uint256 i = 0;
        while (i < details.length) {
            address token = _tokenOf(details[i]);
            if (singleToken) require(token == _tokenOf(details[0]), "several tokens in a single-token batch");
            uint256 end = i;
            uint256 total = 0;
            while (end < details.length && _tokenOf(details[end]) == token) {
                require(details[end].feeAmount == 0 || feeAddress != address(0), "fee address is zero");
                total += details[end].requestAmount + details[end].feeAmount;
                end++;
            }
            IERC20(token).safeTransferFrom(msg.sender, address(this), total);
            IERC20(token).forceApprove(address(paymentErc20FeeProxy), total);
            for (; i < end; i++) {
                RequestDetail calldata d = details[i];
                paymentErc20FeeProxy.transferFromWithReferenceAndFee(
                    token,
                    d.recipient,
                    d.requestAmount,
                    d.paymentReference,
                    d.feeAmount,
                    feeAddress
                );
            }
        }
    }

    function _payNative(RequestDetail[] calldata details, uint256 available, address feeAddress) private returns (uint256 spent) {
        for (uint256 i = 0; i < details.length; i++) spent += details[i].requestAmount + details[i].feeAmount;
        require(spent <= available, "not enough value for the native payments");
        for (uint256 i = 0; i < details.length; i++) {
            RequestDetail calldata d = details[i];
            paymentNativeFeeProxy.transferWithReferenceAndFee{value: d.requestAmount + d.feeAmount}(
                payable(d.recipient),
                d.paymentReference,
                d.feeAmount,
                payable(feeAddress)
            );
        }
    }

    function _tokenOf(RequestDetail calldata d) private pure returns (address) {
        require(d.path.length == 1, "path must be the token alone (no conversion)");
        return d.path[0];
    }
}
